import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import './pressable.css';

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  readonly variant?: 'primary' | 'secondary' | 'ghost';
  readonly size?: 'normal' | 'large';
  readonly className?: string;
}

/** The one button of the product: react-aria's (press, keyboard, pending state), in the site's look. */
export function Button({ variant = 'primary', size = 'normal', className, ...props }: ButtonProps) {
  const classes = ['button', `button--${variant}`, size === 'large' ? 'button--large' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <AriaButton {...props} className={classes} />;
}

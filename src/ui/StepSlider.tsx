import { useEffect, useId, useLayoutEffect, useRef, type ChangeEvent } from 'react';

export interface StepSliderProps {
  readonly label: string;
  /** the values the slider can take, in order; the slider moves by one of them per step */
  readonly values: readonly number[];
  readonly index: number;
  readonly onChange: (index: number) => void;
  /** how a value is shown and announced */
  readonly format: (value: number) => string;
  readonly name?: string;
}

/**
 * A slider over an uneven list of values (the 29 loan amounts): it steps by index but shows and
 * announces the value itself. Built on the native range input, which every browser and screen
 * reader knows and which moves even before the page's script has loaded: the calculator is
 * usable at first paint, and the island stays small enough for the home page's script budget.
 */
export function StepSlider({ label, values, index, onChange, format, name }: StepSliderProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const sliderRef = useRef<HTMLDivElement>(null);
  const value = values[index] ?? values[0] ?? 0;
  const percent = values.length > 1 ? (index / (values.length - 1)) * 100 : 0;

  // A visitor may move the thumb before hydration; adopt where the native input already is.
  useEffect(() => {
    const domIndex = Number(inputRef.current?.value);
    if (Number.isInteger(domIndex) && domIndex !== index) onChange(domIndex);
    // only once, at hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The site's Content Security Policy refuses style attributes in markup, so the track's fill is
  // not a style prop (server-rendered as style="…"): the stylesheet reads data-fill where the browser
  // can (typed attr()), and once hydrated the fill is set through the CSSOM, which the policy allows.
  useLayoutEffect(() => {
    sliderRef.current?.style.setProperty('--fill', `${percent}%`);
  }, [percent]);

  return (
    <div ref={sliderRef} className="step-slider" data-fill={`${percent}%`}>
      <div className="step-slider__head">
        <label htmlFor={id} className="step-slider__label">
          {label}
        </label>
        <output htmlFor={id} className="step-slider__value">
          {format(value)}
        </output>
      </div>
      <input
        ref={inputRef}
        id={id}
        className="step-slider__input"
        type="range"
        name={name}
        min={0}
        max={values.length - 1}
        step={1}
        value={index}
        aria-valuetext={format(value)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(Number(event.target.value))}
      />
      <div className="step-slider__ends" aria-hidden="true">
        <span>{format(values[0] ?? 0)}</span>
        <span>{format(values.at(-1) ?? 0)}</span>
      </div>
    </div>
  );
}

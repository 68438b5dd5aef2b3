import '../../src/styles/fonts.scss';
import '../../src/styles/site.css';
import './frame.css';

/**
 * The page a widget's popup or tab lands on after the bank, eParaksts or the lender's signing. The widget that opened
 * it follows the application's status by itself; this window has nothing left to do, so it closes
 * (browsers allow it for windows a script opened) or offers a button that does.
 */
const close = () => window.close();
document.querySelector('[data-close-window]')?.addEventListener('click', close);
window.setTimeout(close, 1500);

import './frame-fonts.scss';
import '../../src/styles/site.css';
import './frame.css';
import { bindThisTab } from './identify-tab.ts';

/**
 * The pages of a widget's popup or tab. First, before the bank or eParaksts, the page that binds the
 * identification to this browser (identify-tab.ts). After the bank, eParaksts or the lender's signing, the page
 * it lands on: the widget that opened it follows the application's status by itself; this window has nothing
 * left to do, so it closes (browsers allow it for windows a script opened) or offers a button that does.
 */
const close = () => window.close();
document.querySelector('[data-close-window]')?.addEventListener('click', close);
if (document.querySelector('[data-identify]')) bindThisTab(window, document);
else window.setTimeout(close, 1500);

import calculator from '../../../locales/lv/calculator.json';
import { newTab, warning, months_zero, months_one, months_other } from '../../../locales/lv/common.json';

/**
 * The calculator's words in one chunk, with the few of the site's common words it shows: the rest of
 * `common` is the site's header, footer and pages, 3 kB of gzip a publisher's visitor never sees.
 */
export default { calculator, common: { warning, newTab, months_zero, months_one, months_other } };

import countries from '../../../../locales/lv/countries.json';
import form from '../../../../locales/lv/form.json';
import validation from '../../../../locales/lv/validation.json';
import workflow from '../../../../locales/lv/workflow.json';

/** The first step's words in one chunk: one download, compressed together. */
export default { validation, countries, form, workflow };

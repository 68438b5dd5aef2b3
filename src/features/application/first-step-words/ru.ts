import countries from '../../../../locales/ru/countries.json';
import form from '../../../../locales/ru/form.json';
import validation from '../../../../locales/ru/validation.json';
import workflow from '../../../../locales/ru/workflow.json';

/** The first step's words in one chunk: one download, compressed together. */
export default { validation, countries, form, workflow };

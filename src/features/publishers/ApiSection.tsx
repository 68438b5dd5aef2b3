import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language.ts';
import { CodeBlock, useRich } from './rich.tsx';

/** The JavaScript API: its commands, an example of each, and one in a React component. */
export function ApiSection() {
  const { t } = useTranslation('publishers');
  const lang = useLanguage();
  const rich = useRich();
  const publisherId = t('examplePublisherId');
  const selector = t('api.exampleSelector');
  const params = {
    options: t('api.params.options'),
    element: t('api.params.element'),
    event: t('api.params.event'),
    callback: t('api.params.callback'),
  };
  const apiExample = [
    `// ${t('api.commentInit')}`,
    `LoanWidget('init', { lang: '${lang}', publisherId: '${publisherId}' });`,
    '',
    `// ${t('api.commentMount')}`,
    `LoanWidget('mount', '${selector}', { widget: 'calculator', amount: 7000, term: 48 });`,
    '',
    `LoanWidget('on', 'calculationChanged', function (detail) {`,
    '  console.log(detail.amount, detail.term);',
    '});',
    '',
    `// ${t('api.commentUnmount')}`,
    `LoanWidget('unmount', '${selector}');`,
  ].join('\n');

  const reactExample = [
    `function ${t('api.exampleComponent')}() {`,
    '  const ref = useRef(null);',
    '  useEffect(() => {',
    '    const element = ref.current;',
    `    window.LoanWidget('mount', element, { widget: 'application', lang: '${lang}' });`,
    `    return () => window.LoanWidget('unmount', element);`,
    '  }, []);',
    '  return <div ref={ref} />;',
    '}',
  ].join('\n');

  const commands: [string, string][] = [
    [`LoanWidget('init', ${params.options})`, 'api.init'],
    [`LoanWidget('mount', ${params.element}, { widget, ...${params.options} })`, 'api.mount'],
    [`LoanWidget('unmount', ${params.element})`, 'api.unmount'],
    [`LoanWidget('update', ${params.element}, { amount, term })`, 'api.update'],
    [`LoanWidget('on', ${params.event}, ${params.callback})`, 'api.on'],
  ];

  return (
    <section aria-labelledby="publishers-api">
      <h2 id="publishers-api">{t('api.heading')}</h2>
      <p>{rich('api.text')}</p>
      <ul>
        {commands.map(([signature, key]) => (
          <li key={key}>
            <code>{signature}</code> — {rich(key)}
          </li>
        ))}
      </ul>
      <p>{rich('api.optionNames')}</p>
      <CodeBlock>{apiExample}</CodeBlock>
      <p>{t('api.reactIntro')}</p>
      <CodeBlock>{reactExample}</CodeBlock>
      <p>{rich('api.contentSecurityPolicy')}</p>
    </section>
  );
}

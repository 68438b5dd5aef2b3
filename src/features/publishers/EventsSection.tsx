import { useTranslation } from 'react-i18next';
import { domEventName, WIDGET_EVENT_TYPES, type WidgetEventType } from '../../../domain/widget-protocol/messages.ts';
import { CodeBlock, useRich } from './rich.tsx';

/** The data each event carries besides the widget's kind and id (domain/widget-protocol/messages.ts). */
const EVENT_FIELDS: Record<WidgetEventType, string> = {
  ready: 'noFields',
  resize: 'heightField',
  calculationChanged: 'calculationFields',
  started: 'noFields',
  submitted: 'noFields',
  applicationSubmitted: 'noFields',
  offersReady: 'countField',
  offerChosen: 'offerFields',
};

/** The widgets' events: their names, as DOM events too, what they carry, and an example of listening. */
export function EventsSection() {
  const { t } = useTranslation('publishers');
  const rich = useRich();
  const eventExample = [
    `document.addEventListener('${domEventName('submitted')}', function (event) {`,
    `  // ${t('events.exampleComment')}`,
    '  window.dataLayer = window.dataLayer || [];',
    `  window.dataLayer.push({ event: '${t('events.exampleEventName')}', widget: event.detail.widget });`,
    '});',
  ].join('\n');

  return (
    <section aria-labelledby="publishers-events">
      <h2 id="publishers-events">{t('events.heading')}</h2>
      <p>{rich('events.text')}</p>
      <table>
        <caption className="visually-hidden">{t('events.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('events.name')}</th>
            <th scope="col">{t('events.meaning')}</th>
            <th scope="col">{t('events.fields')}</th>
          </tr>
        </thead>
        <tbody>
          {WIDGET_EVENT_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row">
                <code>{type}</code>
                <br />
                <code>{domEventName(type)}</code>
              </th>
              <td>{rich(`events.${type}`)}</td>
              <td>{rich(`events.${EVENT_FIELDS[type]}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{rich('events.testModeField')}</p>
      <p>{t('events.exampleIntro')}</p>
      <CodeBlock>{eventExample}</CodeBlock>
    </section>
  );
}

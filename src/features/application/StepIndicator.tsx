import { useTranslation } from 'react-i18next';
import type { WorkflowScreen } from '../../../domain/wizard-paths.ts';
import './step-indicator.css';

/** The four stages a person goes through, as the indicator names them. */
const STAGES = ['application', 'identity', 'offers', 'signing'] as const;
type Stage = (typeof STAGES)[number];

/** Which stage a screen belongs to; the loading and error screens belong to none. */
const STAGE_OF_SCREEN: Readonly<Record<WorkflowScreen, Stage | null>> = {
  loading: null,
  error: null,
  enteringEssence: 'application',
  choosingMethod: 'identity',
  confirmingIdentity: 'identity',
  waiting: 'offers',
  noOffers: 'offers',
  offers: 'offers',
  offerChosen: 'offers',
  signing: 'signing',
  paid: 'signing',
};

/**
 * Where the person is in the journey: application, identity, offers, signing. The current stage is
 * `aria-current="step"`; the ones behind say they are done. On the loading and error screens the
 * list stays (its place on the page does not jump) with no stage marked.
 */
export function StepIndicator({ screen }: { screen: WorkflowScreen }) {
  const { t } = useTranslation('workflow');
  const stage = STAGE_OF_SCREEN[screen];
  const reached = stage === null ? -1 : STAGES.indexOf(stage);
  const finished = screen === 'paid';
  return (
    <nav className="step-indicator" aria-label={t('journey.label')}>
      <ol className="step-indicator__list">
        {STAGES.map((name, index) => {
          const done = index < reached || (finished && index === reached);
          const current = index === reached && !finished;
          return (
            <li
              key={name}
              className="step-indicator__stage"
              data-state={done ? 'done' : current ? 'current' : 'ahead'}
              aria-current={current ? 'step' : undefined}
            >
              <span className="step-indicator__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="step-indicator__name">{t(`journey.${name}`)}</span>
              {done ? <span className="visually-hidden">, {t('journey.done')}</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

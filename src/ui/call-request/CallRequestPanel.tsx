import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALL_QUESTION_MAX,
  callQuestionSchema,
  type CallRequestAnswer,
  type ConsultantSlots,
} from '../../../domain/call-request-api.ts';
import { CONSULTANT_HOURS, clockText, slotText } from '../../../domain/consultant-hours.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Alert } from '../Alert.tsx';
import { Button } from '../Button.tsx';
import { Disclosure } from '../Disclosure.tsx';
import { slotRefusal, type CallRequestPort } from './call-request-port.ts';
import { SlotChoice } from './SlotChoice.tsx';
import './call-request.css';

interface Loaded {
  readonly slots: ConsultantSlots;
  readonly answer: CallRequestAnswer;
}

/** What a failed step shows: the server's words for a refused slot, else our own. */
const useFailure = () => {
  const { t } = useTranslation('consultant');
  return (error: unknown) => slotRefusal(error) ?? t('failed');
};

/**
 * "Ask a consultant to call me": the slots of the consultant hours and the waiting call, read as the panel
 * appears; a request made here, then its confirmation with Move and Cancel. Nothing while it loads, and nothing
 * in the account when no call waits.
 */
export function CallRequestPanel({ port, headingLevel = 2 }: { port: CallRequestPort; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('consultant');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([port.slots(), port.current()]).then(
      ([slots, answer]) => live && setLoaded({ slots, answer }),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [port]);

  if (loadFailed) return port.create ? <Alert>{t('loadFailed')}</Alert> : null;
  if (!loaded) return null;
  const changed = (answer: CallRequestAnswer, said: string | null = null) => {
    // a cancel answers no phone: the one read first still stands
    setLoaded({ ...loaded, answer: { ...answer, phoneEnding: answer.phoneEnding || loaded.answer.phoneEnding } });
    setNotice(said);
  };
  const { callRequest } = loaded.answer;
  if (callRequest) {
    return (
      <section className="call-request call-request__confirmed" aria-label={t('heading')}>
        <WaitingCall port={port} slots={loaded.slots} slotStart={callRequest.slotStart} onChanged={changed} />
      </section>
    );
  }
  if (!port.create) return notice ? <Alert tone="success">{notice}</Alert> : null;
  return (
    <div className="call-request">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <NextSlot slots={loaded.slots} />
      <Disclosure title={t('open')} headingLevel={headingLevel}>
        <CallForm port={port} loaded={loaded} onCreated={(answer) => changed(answer)} />
      </Disclosure>
    </div>
  );
}

/** Outside the hours, said on the screen before anything is opened: when a consultant can call next. */
function NextSlot({ slots }: { slots: ConsultantSlots }) {
  const { t } = useTranslation('consultant');
  const lang = useLanguage();
  const first = slots.days[0]?.slots[0];
  if (slots.openNow || !first) return null;
  return <p className="call-request__next">{t('closedNow', { next: slotText(lang, first) })}</p>;
}

function CallForm({
  port,
  loaded,
  onCreated,
}: {
  port: CallRequestPort;
  loaded: Loaded;
  onCreated: (answer: CallRequestAnswer) => void;
}) {
  const { t } = useTranslation(['consultant', 'validation']);
  const failure = useFailure();
  const questionId = useId();
  const hintId = useId();
  const { days } = loaded.slots;
  const first = days[0]?.slots[0];
  const [slot, setSlot] = useState(first ?? '');
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!first || !port.create) return <p>{t('noSlots')}</p>;
  const create = port.create;

  const send = async () => {
    const text = question.trim();
    if (text && !callQuestionSchema.safeParse(text).success) {
      setError(t('textCharacters', { ns: 'validation' }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onCreated(await create(slot, text || undefined));
    } catch (failed) {
      setError(failure(failed));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p>{t('intro', { from: clockText(CONSULTANT_HOURS.opens), to: clockText(CONSULTANT_HOURS.closes) })}</p>
      <SlotChoice days={days} value={slot} onChange={setSlot} />
      {loaded.answer.phoneEnding ? <p>{t('phone', { ending: loaded.answer.phoneEnding })}</p> : null}
      <div className="call-request__field">
        <label htmlFor={questionId}>{t('question')}</label>
        <textarea
          id={questionId}
          aria-describedby={hintId}
          maxLength={CALL_QUESTION_MAX}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <span id={hintId} className="call-request__hint">
          {t('questionHint', { max: CALL_QUESTION_MAX })}
        </span>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <div className="call-request__actions">
        <Button type="submit" isDisabled={busy}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
}

/** The waiting call: when, and Move (another slot) or Cancel. */
function WaitingCall({
  port,
  slots,
  slotStart,
  onChanged,
}: {
  port: CallRequestPort;
  slots: ConsultantSlots;
  slotStart: string;
  onChanged: (answer: CallRequestAnswer, said?: string | null) => void;
}) {
  const { t } = useTranslation('consultant');
  const lang = useLanguage();
  const failure = useFailure();
  const [moving, setMoving] = useState(false);
  const [slot, setSlot] = useState(slots.days[0]?.slots[0] ?? slotStart);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failed) {
      setError(failure(failed));
    } finally {
      setBusy(false);
    }
  };
  const move = () =>
    act(async () => {
      onChanged(await port.move(slot));
      setMoving(false);
    });
  const cancel = () =>
    act(async () => {
      await port.cancel();
      onChanged({ callRequest: null, phoneEnding: '' }, t('cancelled'));
    });

  return (
    <>
      <p role="status" className="call-request__when">
        <strong>{t('confirmed', { slot: slotText(lang, slotStart) })}</strong>
      </p>
      <p>{t('confirmedNote')}</p>
      {moving ? <SlotChoice days={slots.days} value={slot} onChange={setSlot} /> : null}
      {error ? <Alert>{error}</Alert> : null}
      <div className="call-request__actions">
        {moving ? (
          <>
            <Button onPress={() => void move()} isDisabled={busy}>
              {t('saveMove')}
            </Button>
            <Button variant="secondary" onPress={() => setMoving(false)} isDisabled={busy}>
              {t('keep')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onPress={() => setMoving(true)} isDisabled={busy}>
              {t('move')}
            </Button>
            <Button variant="ghost" onPress={() => void cancel()} isDisabled={busy}>
              {t('cancel')}
            </Button>
          </>
        )}
      </div>
    </>
  );
}

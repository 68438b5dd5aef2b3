import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../../domain/language.ts';
import { WIDGET_KINDS } from '../../../domain/widget-protocol/options.ts';
import {
  AppearanceSettings,
  AttributionSettings,
  useKindLabel,
  useOptionErrors,
  WidgetSettings,
} from './GeneratorSettings.tsx';
import { draftInControls, initialDraft, readDraft, type SnippetDraft } from './snippet-draft.ts';
import { embedSnippet, LOADER_URL, previewSrc } from './snippet.ts';
import { SnippetOutput } from './SnippetOutput.tsx';
import './publishers.css';

/** the preview reloads its frame once typing pauses, not on every key */
const PREVIEW_DELAY_MS = 400;

/** The value after a pause in its changes. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The publishers page's snippet generator: every option of the widget contract as a control, the
 * snippet to paste with a copy button, and the widget itself, framed from this origin, as preview.
 * `loaderUrl`: the loader on the server that serves the page (it writes its origin into the props).
 */
export function SnippetGenerator({ loaderUrl = LOADER_URL }: { loaderUrl?: string }) {
  const { t, i18n } = useTranslation(['publishers', 'form', 'common']);
  const pageLang: Language = isLanguage(i18n.language) ? i18n.language : 'lv';
  const [draft, setDraft] = useState<SnippetDraft>(() => initialDraft(pageLang));
  const rootRef = useRef<HTMLDivElement>(null);
  // what was typed or chosen before this island hydrated is in the controls, not in the state
  useEffect(() => {
    if (rootRef.current) setDraft((current) => draftInControls(rootRef.current as HTMLElement, current));
  }, []);

  const { options, invalid } = readDraft(draft);
  const snippet = embedSnippet(draft.kind, options, loaderUrl);
  const frameSrc = useSettled(previewSrc(draft.kind, options), PREVIEW_DELAY_MS);
  // the frame's title and size follow what it shows, not the choice it has yet to load
  const frameKind = WIDGET_KINDS.find((kind) => frameSrc.startsWith(previewSrc(kind, {}))) ?? draft.kind;
  const kindLabel = useKindLabel();
  const errorOf = useOptionErrors(invalid, pageLang);
  const set = <K extends keyof SnippetDraft>(key: K, value: SnippetDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const settings = { draft, set, errorOf, pageLang };

  return (
    <div className="snippet-generator" ref={rootRef}>
      <div className="snippet-generator__settings">
        <WidgetSettings {...settings} />
        <AppearanceSettings {...settings} />
        <AttributionSettings {...settings} />
      </div>
      <SnippetOutput snippet={snippet} invalidCount={invalid.size} />
      <div className="snippet-generator__preview">
        <h3>{t('generator.preview.heading')}</h3>
        <p className="snippet-generator__help">{t('generator.preview.help')}</p>
        <iframe
          className={`snippet-generator__frame snippet-generator__frame--${frameKind}`}
          src={frameSrc}
          title={t('generator.preview.frameTitle', { kind: kindLabel(frameKind) })}
          loading="lazy"
        />
      </div>
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { LiveAnnouncer } from '../../ui/LiveAnnouncer.tsx';

const COPY_STATUS_MS = 5000;

interface CopyResult {
  readonly snippet: string;
  readonly ok: boolean;
}

/** The snippet to paste, how many fields it left out as invalid, and its copy button with what the copy did. */
export function SnippetOutput({ snippet, invalidCount }: { snippet: string; invalidCount: number }) {
  const { t } = useTranslation(['publishers', 'form', 'common']);
  const [copied, setCopied] = useState<CopyResult | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  const codeHeadingId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPY_STATUS_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    const text = snippet;
    const done = (ok: boolean) => {
      setCopied({ snippet: text, ok });
      // without the clipboard, the code is selected for the visitor's own Ctrl+C
      if (!ok && codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
    };
    if (typeof navigator.clipboard?.writeText !== 'function') {
      done(false);
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => done(true),
      () => done(false),
    );
  };
  const copyStatus =
    copied && copied.snippet === snippet ? t(copied.ok ? 'generator.code.copied' : 'generator.code.copyFailed') : '';

  return (
    <div className="snippet-generator__output">
      <h3 id={codeHeadingId}>{t('generator.code.heading')}</h3>
      <p className="snippet-generator__help">{t('generator.code.help')}</p>
      {invalidCount > 0 ? (
        <p className="snippet-generator__problems">{t('generator.invalidSummary', { count: invalidCount })}</p>
      ) : null}
      <pre className="code-block" aria-labelledby={codeHeadingId} role="region" data-testid="snippet">
        <code ref={codeRef}>{snippet}</code>
      </pre>
      <div className="snippet-generator__copy">
        <Button variant="secondary" onPress={copy}>
          {t('generator.code.copy')}
        </Button>
        <span className="snippet-generator__copy-status" aria-hidden="true">
          {copyStatus}
        </span>
        <LiveAnnouncer message={copyStatus} />
      </div>
    </div>
  );
}

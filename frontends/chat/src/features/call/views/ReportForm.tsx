import { TextAreaField } from '@honne/ui';
import { useState } from 'react';

import { strings } from '../../../strings.ts';
import { reportPanel, ReportSheet } from './ReportSheet.tsx';

const t = strings.calls;

/** The ring screen's report form (spec §2: target, content, report, cancel); empty content is refused. */
export function ReportForm({
  target,
  onSubmit,
  onClose,
}: {
  target: string;
  onSubmit: (content: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (!content.trim()) {
      setError(t.reportRequired);
      return undefined;
    }
    return onSubmit(content.trim());
  };
  return (
    <ReportSheet title={t.report} target={target} sendLabel={t.reportSend} send={send} onClose={onClose}>
      <div style={reportPanel}>
        <TextAreaField
          label={t.reportContent}
          rows={5}
          maxLength={1000}
          value={content}
          error={error ?? undefined}
          onChange={(v) => {
            setContent(v);
            setError(null);
          }}
        />
      </div>
    </ReportSheet>
  );
}

/** The closing call to action of an information page: a heading, a line of text and its buttons. */
import type { ReactNode } from 'react';

export function CtaPanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="cta-panel">
      <h2>{title}</h2>
      <p>{text}</p>
      <div className="cta-actions">{children}</div>
    </div>
  );
}

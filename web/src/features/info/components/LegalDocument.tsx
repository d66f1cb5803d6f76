/** The layout the privacy policy and the terms share: a contents list, then numbered sections. */
import type { LegalBlock, LegalSection } from '../content/terms';
import { formatDisplayDate } from '../content/display-date';
import type { PageMeta } from '../content/public-pages';
import { PageHeader } from './PageFrame';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

interface LegalDocumentProps {
  page: PageMeta;
  lead: string;
  updated: string;
  sections: readonly LegalSection[];
}

export function LegalDocument({ page, lead, updated, sections }: LegalDocumentProps) {
  return (
    <>
      <PageHeader page={page} lead={lead}>
        <p className="eyebrow">
          Last updated <time dateTime={updated}>{formatDisplayDate(updated)}</time>
        </p>
      </PageHeader>
      <div className="section">
        <div className="container info-narrow legal">
          <nav aria-label="Contents" className="legal-contents">
            <h2>Contents</h2>
            <ol>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="legal-section">
              <h2 id={`${s.id}-title`}>
                {i + 1}. {s.heading}
              </h2>
              {s.body.map((block, j) => (
                <Block key={j} block={block} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

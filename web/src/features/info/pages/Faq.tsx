/** /faq: 20 questions in an accordion (one open at a time, collapsible, keyboard operable), then call and e-mail buttons. */
import * as Accordion from '@radix-ui/react-accordion';
import { Link } from 'react-router-dom';
import { site } from '@shared/site';
import { FAQ } from '../content/faq';
import { INFO_PAGES } from '../content/public-pages';
import { CtaPanel, PageHeader } from '../components/PageFrame';

export default function Faq() {
  return (
    <>
      <PageHeader page={INFO_PAGES.faq} eyebrow="Help" lead="Everything you need to know before you park with us. Choose a question to see its answer." />
      <section className="section" aria-label="Questions and answers">
        <div className="container info-narrow">
          <Accordion.Root type="single" collapsible className="faq-list">
            {FAQ.map((item) => (
              <Accordion.Item key={item.id} value={item.id} className="faq-item">
                <Accordion.Header asChild>
                  <h2 className="faq-question">
                    <Accordion.Trigger className="faq-trigger">
                      <span>{item.question}</span>
                      <svg className="faq-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                        <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    </Accordion.Trigger>
                  </h2>
                </Accordion.Header>
                <Accordion.Content className="faq-answer">
                  {item.answer.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
          <p className="muted faq-more">
            The full rules are in our <Link to="/terms">Terms &amp; Conditions</Link>.
          </p>
          <CtaPanel title="Still have a question?" text="Our team is here 24/7.">
            <a href={site.phoneHref} className="btn btn-accent">
              Call Us: {site.phone}
            </a>
            <a href={`mailto:${site.email}`} className="btn btn-outline-light">
              Email Us
            </a>
          </CtaPanel>
        </div>
      </section>
    </>
  );
}

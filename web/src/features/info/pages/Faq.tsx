/** /faq: 20 questions in an accordion (one open at a time, collapsible, keyboard operable), then call and e-mail buttons. */
import { Link } from 'react-router-dom';
import { site } from '@shared/site';
import { Island } from '../../../ui/Island';
import { INFO_PAGES } from '../content/public-pages';
import { FaqAccordion } from '../components/FaqAccordion';
import { CtaPanel, PageHeader } from '../components/PageFrame';

export default function Faq() {
  return (
    <>
      <PageHeader page={INFO_PAGES.faq} eyebrow="Help" lead="Everything you need to know before you park with us. Choose a question to see its answer." />
      <section className="section" aria-label="Questions and answers">
        <div className="container info-narrow">
          <Island name="faq">
            <FaqAccordion />
          </Island>
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

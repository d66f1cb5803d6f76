/** /contact: 'Contact Us' with the contact form (components/ContactForm.tsx) and the ways to reach us. */
import { formatAddress, site } from '@shared/site';
import { Island } from '../../../ui/Island';
import { INFO_PAGES } from '../content/public-pages';
import { ContactForm } from '../components/ContactForm';
import { PageHeader } from '../components/PageFrame';

export default function Contact() {
  return (
    <>
      <PageHeader page={INFO_PAGES.contact} eyebrow="We are here 24/7" lead="Questions about a booking, our services or parking at Auckland Airport? Send us a message and we will get back to you soon." />
      <section className="section">
        <div className="container contact-grid">
          <Island name="contact-form">
            <ContactForm />
          </Island>
          <aside className="card contact-details" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">Get in touch</h2>
            <dl>
              <div>
                <dt>Phone</dt>
                <dd>
                  <a href={site.phoneHref}>{site.phone}</a>
                </dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${site.email}`}>{site.email}</a>
                </dd>
              </div>
              <div>
                <dt>Address</dt>
                <dd>{formatAddress()}</dd>
              </div>
              <div>
                <dt>Hours</dt>
                <dd>Open 24/7, with a free shuttle every 15 minutes</dd>
              </div>
            </dl>
          </aside>
        </div>
      </section>
    </>
  );
}

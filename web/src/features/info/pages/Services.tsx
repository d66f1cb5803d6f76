/** /services: Car Cleaning, Car Detailing and Car Servicing, each with Book This Service and Get Quote. */
import { Link } from 'react-router-dom';
import { SERVICES } from '../content/services';
import { INFO_PAGES } from '../content/public-pages';
import { PageHeader } from '../components/PageFrame';

export default function Services() {
  return (
    <>
      <PageHeader page={INFO_PAGES.services} eyebrow="While you fly" lead="Come back to a clean, detailed or freshly serviced car. We do the work at our yard while you are away." />
      <section className="section" aria-label="Services">
        <div className="container">
          <ul className="service-grid">
            {SERVICES.map((s) => (
              <li key={s.id} className="card service-card">
                <img src={s.image} width="360" height="200" alt={s.imageAlt} loading="lazy" decoding="async" />
                <div className="service-head">
                  <h2 id={`service-${s.id}`}>{s.name}</h2>
                  <p className="service-price">{s.price}</p>
                </div>
                <p>{s.summary}</p>
                <ul className="ticks ticks-dark">
                  {s.includes.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <div className="service-actions">
                  <Link to={`/booking?service=${s.addOn}`} className="btn btn-primary">
                    Book This Service<span className="sr-only">: {s.name}</span>
                  </Link>
                  <Link to="/contact" className="btn btn-outline">
                    Get Quote<span className="sr-only">: {s.name}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          <p className="center muted">Prices include GST. Services are booked with your parking and done while your car is with us.</p>
        </div>
      </section>
    </>
  );
}

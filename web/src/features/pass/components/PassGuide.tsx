/**
 * The part of the pass that is the same for every booking: the address with Open in Maps, finding the yard, what to
 * do on arrival, the shuttle stops and the phone. The loading skeleton shows it too, so it is on screen, in its
 * final place, before the booking's own details arrive.
 */
import { formatAddress, site, yardGuide } from '@shared/site';

export function PassGuide() {
  return (
    <>
      <section className="card pass-section" aria-labelledby="pass-find">
        <h2 id="pass-find">Finding the yard</h2>
        <p>
          <strong>{site.brand}</strong>, {formatAddress()}
        </p>
        <p>
          <a className="btn btn-primary" href={yardGuide.mapsUrl} target="_blank" rel="noopener noreferrer">
            Open in Maps
          </a>
        </p>
        <ol className="pass-steps">
          {yardGuide.findUs.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>

      <section className="card pass-section" aria-labelledby="pass-arrival">
        <h2 id="pass-arrival">When you arrive</h2>
        <ol className="pass-steps">
          {yardGuide.onArrival.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>

      <section className="card pass-section" aria-labelledby="pass-shuttle">
        <h2 id="pass-shuttle">The shuttle at the terminals</h2>
        <ul className="pass-steps">
          <li>{yardGuide.shuttle.domestic}</li>
          <li>{yardGuide.shuttle.international}</li>
        </ul>
        <p>{yardGuide.whenBack}</p>
        <p>
          <a className="btn btn-outline" href={site.phoneHref}>
            Call {site.phone}
          </a>
        </p>
      </section>
    </>
  );
}

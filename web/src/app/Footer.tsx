/** The shared footer: navigation, legal and contact sections, and the trust banner. */
import { Link } from 'react-router-dom';
import { formatAddress, site } from '@shared/site';
import { useClock } from '../lib/use-clock';

export function TrustBanner() {
  return (
    <ul className="trust-banner" aria-label="Why park with us">
      <li>
        <strong>Best Rates</strong>
        <span>$5/day parking</span>
      </li>
      <li>
        <strong>Secure</strong>
        <span>24/7 monitored</span>
      </li>
      <li>
        <strong>Fast Shuttle</strong>
        <span>Every 15 minutes</span>
      </li>
    </ul>
  );
}

export function Footer() {
  // useClock, not clockNow: the pre-rendered footer carries the build's year and hydration must meet it; the clock's
  // offset (a local clock moved years ahead) comes in the render after.
  const now = useClock();
  return (
    <footer className="site-footer">
      <div className="container">
        <TrustBanner />
        <div className="footer-grid">
          <section aria-labelledby="footer-nav">
            <h2 id="footer-nav">Navigation</h2>
            <ul>
              <li><Link to="/">Home</Link></li>
              <li><Link to="/how-it-works">How It Works</Link></li>
              <li><Link to="/about">About Us</Link></li>
              <li><Link to="/#booking">Book Now</Link></li>
              <li><Link to="/contact">Contact</Link></li>
              <li><Link to="/blog">Blog</Link></li>
              <li><Link to="/manage-booking">Manage my booking</Link></li>
            </ul>
          </section>
          <section aria-labelledby="footer-legal">
            <h2 id="footer-legal">Legal</h2>
            <ul>
              <li><Link to="/faq">FAQ</Link></li>
              <li><Link to="/privacy">Privacy Policy</Link></li>
              <li><Link to="/terms">Terms &amp; Conditions</Link></li>
            </ul>
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact Info</h2>
            <ul>
              <li><a href={site.phoneHref}>{site.phone}</a></li>
              <li><a href={`mailto:${site.email}`}>{site.email}</a></li>
              <li>{formatAddress()}</li>
              <li>Open 24/7</li>
            </ul>
          </section>
        </div>
        <p className="footer-legal">
          © {now().getFullYear()} {site.legalName}. GST {site.gstNumber}.
        </p>
      </div>
    </footer>
  );
}

/** /privacy: the privacy policy under the New Zealand Privacy Act 2020. */
import { PRIVACY, PRIVACY_UPDATED } from '../content/privacy';
import { INFO_PAGES } from '../content/public-pages';
import { LegalDocument } from '../components/LegalDocument';

export default function Privacy() {
  return <LegalDocument page={INFO_PAGES.privacy} lead="How we collect, use, store and protect your personal information, and how you can see or correct it." updated={PRIVACY_UPDATED} sections={PRIVACY} />;
}

/** /terms: the 14 sections of the terms and conditions. */
import { INFO_PAGES } from '../content/public-pages';
import { TERMS, TERMS_UPDATED } from '../content/terms';
import { LegalDocument } from '../components/LegalDocument';

export default function Terms() {
  return <LegalDocument page={INFO_PAGES.terms} lead="Please read these terms before you book. They explain what you can expect from us and what we ask of you." updated={TERMS_UPDATED} sections={TERMS} />;
}

/** The claims feature's damage reports on one of the account's bookings, with the photos feature's upload to the booking's photos. */
import { useMemo } from 'react';
import { DamageClaimSection } from '../features/claims/components/DamageClaimSection';
import { myClaimsEndpoint } from '../features/claims/api/claims-api';
import { uploadPhoto } from '../features/photos/upload-photo';

export default function MyDamageClaims({ bookingId }: { bookingId: string }) {
  const endpoint = useMemo(() => myClaimsEndpoint(bookingId), [bookingId]);
  const upload = useMemo(() => async (file: File) => (await uploadPhoto(bookingId, { file, uploadType: 'damage_inspection', description: '' }, () => undefined)).id, [bookingId]);
  return <DamageClaimSection endpoint={endpoint} uploadPhoto={upload} />;
}

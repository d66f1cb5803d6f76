/** The claims feature's damage reports on a pass, by its token, with the photos feature's upload through the pass's own photo route. */
import type { Pass } from '@shared/pass';
import { DamageClaimSection } from '../features/claims/components/DamageClaimSection';
import { passClaimsEndpoint } from '../features/claims/api/claims-api';
import { passPhotoRoute } from '../features/photos/api/photo-route';
import { uploadPhoto } from '../features/photos/upload-photo';
import { useMemo } from 'react';

export default function PassClaims({ pass }: { pass: Pass }) {
  const endpoint = useMemo(() => passClaimsEndpoint(pass.token), [pass.token]);
  const upload = useMemo(() => async (file: File) => (await uploadPhoto(pass.token, { file, uploadType: 'damage_inspection', description: '' }, () => undefined, passPhotoRoute(pass.token))).id, [pass.token]);
  return <DamageClaimSection endpoint={endpoint} uploadPhoto={upload} />;
}

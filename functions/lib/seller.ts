/**
 * The seller the tax documents name: the operator's legal name and GST number. In AWS each environment must set
 * them (cdk.json `seller`, infra/environments.ts), and the stack hands them to every function as SELLER_LEGAL_NAME
 * and SELLER_GST_NUMBER; locally the defaults of shared/site.ts stand in (a made-up GST number).
 */
import { formatAddress, site } from '../../shared/site';

export interface Seller {
  legalName: string;
  gstNumber: string;
  address: string;
}

export function sellerSettings(env: NodeJS.ProcessEnv = process.env): Seller {
  return {
    legalName: env.SELLER_LEGAL_NAME?.trim() || site.legalName,
    gstNumber: env.SELLER_GST_NUMBER?.trim() || site.gstNumber,
    address: formatAddress(),
  };
}

import { ResellerBrandingButton } from '../features/branding/components/ResellerBrandingButton';
import { ResellerDetailsPage } from '../features/resellers/components/ResellerDetailsPage';

/** The reseller's details screen with a Branding button once it is saved (issue #19). */
export function ResellerDetailsScreen() {
  return (
    <ResellerDetailsPage
      actions={(reseller) => <ResellerBrandingButton resellerId={reseller.id} name={reseller.name} />}
    />
  );
}

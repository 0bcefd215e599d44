import { hasGroup } from '@ec/contract/access';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Navigate, useParams } from 'react-router';
import { ENTITLEMENT_SECTIONS, type EntitlementSection, paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { CapabilitiesSection } from './capabilities-section';
import { LicensesAdminSection } from './licenses-admin-section';
import { ProfilesSection } from './profiles-section';

const SECTION_LABELS: Record<EntitlementSection, string> = {
  capabilities: 'Capabilities',
  profiles: 'Profiles',
  licenses: 'Licenses',
};

const isSection = (value: string | undefined): value is EntitlementSection =>
  ENTITLEMENT_SECTIONS.includes(value as EntitlementSection);

/**
 * Licensing & Entitlements, /entitlements/{section}/{id?} (spec 3 §2.8): capabilities, profiles and
 * licences, one section a tab kept in the address. It needs EntitlementManagement (the server refuses
 * the rest with 403 too).
 */
export function EntitlementsPage() {
  const { section, id } = useParams();
  const session = useSessionUser();
  if (!isSection(section)) return <Navigate to={paths.entitlements.getHref('profiles')} replace />;
  const allowed = hasGroup(session.data?.user.groups ?? [], 'EntitlementManagement');
  if (!allowed)
    return (
      <Stack spacing={2}>
        <Typography variant="h1">Licensing & Entitlements</Typography>
        {session.isSuccess && (
          <Alert severity="warning">This view needs the EntitlementManagement group.</Alert>
        )}
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Licensing & Entitlements</Typography>
      <Tabs
        value={section}
        aria-label="Licensing and entitlements sections"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {ENTITLEMENT_SECTIONS.map((option) => (
          <Tab
            key={option}
            value={option}
            label={SECTION_LABELS[option]}
            component={Link}
            to={paths.entitlements.getHref(option)}
          />
        ))}
      </Tabs>
      {section === 'capabilities' && <CapabilitiesSection />}
      {section === 'profiles' && <ProfilesSection profileGuid={id} />}
      {section === 'licenses' && <LicensesAdminSection />}
    </Stack>
  );
}

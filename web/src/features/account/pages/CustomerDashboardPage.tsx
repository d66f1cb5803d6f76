/**
 * /customer-dashboard: 'Please Login' when signed out; otherwise the greeting and the tabs My Bookings and
 * Profile. `?tab=profile` opens the profile tab (the header's Profile link), so a reload keeps the tab.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { profileMessages } from '@shared/profile';
import { ApiError } from '../../../lib/api-client';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useToast } from '../../../ui/toast/ToastProvider';
import { ChangePassword } from '../components/ChangePassword';
import { MyBookings } from '../components/MyBookings';
import { ProfileForm } from '../components/ProfileForm';
import { SignInRequired } from '../components/SignInRequired';
import { TwoStepSignIn } from '../components/TwoStepSignIn';
import { usePopulatedNotice, useProfile } from '../queries/profile';
import { useSessionHint } from '../session-hint';
import '@/ui/widgets.css';
import '../account.css';

export default function CustomerDashboardPage() {
  const hint = useSessionHint();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'profile' ? 'profile' : 'bookings';
  const signedIn = hint !== null;
  const profileQuery = useProfile(signedIn);
  const [expired, setExpired] = useState(false);
  const onExpired = useCallback(() => setExpired(true), []);
  useDocumentMeta('My Dashboard', 'Manage your Runway Parking bookings and account.');

  const { data, error } = profileQuery;
  const profileExpired = error instanceof ApiError && error.status === 401;
  const sayPopulated = useCallback(() => toast({ title: 'Success', description: profileMessages.populated, variant: 'success' }), [toast]);
  usePopulatedNotice(data, sayPopulated);
  useEffect(() => {
    if (error && !profileExpired) toast({ title: 'Error', description: profileMessages.loadFailed, variant: 'destructive' });
  }, [error, profileExpired, toast]);

  if (!hint) return <SignInRequired />;
  if (expired || profileExpired) return <SignInRequired expired />;

  const profile = data?.profile ?? null;
  const fullName = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  const contact = profile && profile.first_name && profile.last_name && profile.phone && hint.email ? { name: fullName, email: hint.email, phone: profile.phone } : null;
  const greeting = data?.greeting_name ? `Welcome back, ${data.greeting_name}!` : 'Welcome back!';
  return (
    <section className="section dashboard-page">
      <div className="container">
        <h1 className="page-title">{greeting}</h1>
        <p className="lead-muted">Manage your parking bookings and account.</p>
        <Tabs.Root value={tab} onValueChange={(v) => setParams(v === 'profile' ? { tab: 'profile' } : {}, { replace: true })}>
          <Tabs.List className="tabs-list" aria-label="Dashboard">
            <Tabs.Trigger className="tabs-trigger" value="bookings">
              My Bookings
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="profile">
              Profile
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content className="tabs-content" value="bookings">
            <MyBookings
              onExpired={onExpired}
              contact={contact}
              onOpenProfile={() => setParams({ tab: 'profile' }, { replace: true })}
            />
          </Tabs.Content>
          <Tabs.Content className="tabs-content" value="profile">
            {profileQuery.isPending && !error && <p className="muted">Loading your profile...</p>}
            {error && (
              <div className="alert alert-error" role="alert">
                {profileMessages.loadFailed}
              </div>
            )}
            {profile && (
              <div className="profile-layout">
                <ProfileForm profile={profile} />
                <div className="card security-card">
                  <h2>Password &amp; Security</h2>
                  <ChangePassword />
                  <TwoStepSignIn email={hint.email} />
                </div>
              </div>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </section>
  );
}

/**
 * /customer-dashboard: 'Please Login' when signed out; otherwise the greeting and the tabs My Bookings and
 * Profile. `?tab=profile` opens the profile tab (the header's Profile link), so a reload keeps the tab.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { profileMessages, type Profile } from '@shared/profile';
import { ApiError } from '../../../lib/api-client';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useToast } from '../../../ui/toast/ToastProvider';
import { fetchProfile } from '../api/profile';
import { ChangePassword } from '../components/ChangePassword';
import { MyBookings } from '../components/MyBookings';
import { ProfileForm } from '../components/ProfileForm';
import { SignInRequired } from '../components/SignInRequired';
import { TwoStepSignIn } from '../components/TwoStepSignIn';
import { useSessionHint } from '../session-hint';
import '@/ui/widgets.css';
import '../account.css';

type Loaded = { state: 'loading' } | { state: 'ready'; profile: Profile; greeting: string | null } | { state: 'failed'; expired: boolean };

export default function CustomerDashboardPage() {
  const hint = useSessionHint();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'profile' ? 'profile' : 'bookings';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const signedIn = hint !== null;
  const [expired, setExpired] = useState(false);
  const onExpired = useCallback(() => setExpired(true), []);
  useDocumentMeta('My Dashboard', 'Manage your Runway Parking bookings and account.');

  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    fetchProfile(abort.signal)
      .then((r) => {
        setLoaded({ state: 'ready', profile: r.profile, greeting: r.greeting_name });
        if (r.populated) toast({ title: 'Success', description: profileMessages.populated, variant: 'success' });
      })
      .catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') return;
        const expired = e instanceof ApiError && e.status === 401;
        setLoaded({ state: 'failed', expired });
        if (!expired) toast({ title: 'Error', description: profileMessages.loadFailed, variant: 'destructive' });
      });
    return () => abort.abort();
  }, [signedIn, toast]);

  if (!hint) return <SignInRequired />;
  if (expired || (loaded.state === 'failed' && loaded.expired)) return <SignInRequired expired />;

  const profile = loaded.state === 'ready' ? loaded.profile : null;
  const fullName = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  const contact = profile && profile.first_name && profile.last_name && profile.phone && hint.email ? { name: fullName, email: hint.email, phone: profile.phone } : null;
  const greeting = loaded.state === 'ready' && loaded.greeting ? `Welcome back, ${loaded.greeting}!` : 'Welcome back!';
  return (
    <section className="section dashboard-page">
      <div className="container">
        <h1 className="page-title">{loaded.state === 'loading' ? 'Welcome back!' : greeting}</h1>
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
            {loaded.state === 'loading' && <p className="muted">Loading your profile...</p>}
            {loaded.state === 'failed' && (
              <div className="alert alert-error" role="alert">
                {profileMessages.loadFailed}
              </div>
            )}
            {loaded.state === 'ready' && (
              <div className="profile-layout">
                <ProfileForm profile={loaded.profile} onSaved={(profile, greeting) => setLoaded({ state: 'ready', profile, greeting })} />
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

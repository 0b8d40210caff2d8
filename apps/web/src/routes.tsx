import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { Spinner } from './components/ui/Spinner';
import { RedirectIfSignedIn, RequireAuth, RequireRole } from './features/auth/guards';
import { FirstViewTakenOver } from './first-view';
import { MainLayout } from './shell/MainLayout';
import { NavigationRoot, noteNavigationStarts } from './shell/NavigationRoot';

/** A lazily loaded page's module. */
interface PageModule {
  default: ComponentType;
}

/** A thenable calling back at once: React.lazy then renders the module without suspending. */
function resolvedAtOnce(m: PageModule): Promise<PageModule> {
  // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point.
  return { then: (resolve: (v: PageModule) => void) => resolve(m) } as Promise<PageModule>;
}

const preloaders = new Map<unknown, () => Promise<PageModule>>();

/**
 * A lazily loaded page: each route's code is fetched when first visited. Once preloaded
 * (`preloadPage`), its lazy component resolves synchronously, so React's first render shows the
 * page instead of the Suspense fallback (the server-rendered first view stays until then).
 */
function page(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  let loaded: PageModule | undefined;
  const fetchOnce = () => load().then((m) => (loaded = m));
  const C = lazy(() => (loaded ? resolvedAtOnce(loaded) : fetchOnce()));
  preloaders.set(C, fetchOnce);
  return C;
}

const P = {
  Home: page(() => import('./features/discovery/pages/HomePage')),
  About: page(() => import('./features/marketing/pages/AboutPage')),
  HowItWorks: page(() => import('./features/marketing/pages/HowItWorksPage')),
  StreamHosts: page(() => import('./features/marketing/pages/StreamHostsPage')),
  Listeners: page(() => import('./features/marketing/pages/ListenersPage')),
  Affiliates: page(() => import('./features/marketing/pages/AffiliatesPage')),
  Advertisers: page(() => import('./features/marketing/pages/AdvertisersPage')),
  Explore: page(() => import('./features/discovery/pages/ExplorePage')),
  LiveStreams: page(() => import('./features/discovery/pages/LiveStreamsPage')),
  AudioDetail: page(() => import('./features/tracks/pages/AudioDetailPage')),
  Categories: page(() => import('./features/discovery/pages/CategoriesPage')),
  Search: page(() => import('./features/discovery/pages/SearchPage')),
  LiveView: page(() => import('./features/live/pages/LiveViewPage')),
  Profile: page(() => import('./features/auth/pages/ProfilePage')),
  CreatorProfile: page(() => import('./features/profiles/pages/CreatorProfilePage')),
  ListenerProfile: page(() => import('./features/profiles/pages/ListenerProfilePage')),
  AffiliateProfile: page(() => import('./features/affiliates/pages/AffiliateProfilePage')),
  AdvertiserProfile: page(() => import('./features/ads/pages/AdvertiserProfilePage')),
  Settings: page(() => import('./features/settings/pages/SettingsPage')),
  Pricing: page(() => import('./features/marketing/pages/PricingPage')),
  FamilyJoin: page(() => import('./features/billing/pages/FamilyJoinPage')),
  CreatorDashboard: page(() => import('./features/tracks/pages/CreatorDashboardPage')),
  CreatorEarnings: page(() => import('./features/earnings/pages/CreatorEarningsPage')),
  Upload: page(() => import('./features/tracks/pages/UploadPage')),
  GoLive: page(() => import('./features/live/pages/GoLivePage')),
  RadioChannel: page(() => import('./features/radio/pages/RadioChannelPage')),
  CreatorRadio: page(() => import('./features/radio/pages/CreatorRadioPage')),
  ChannelEditor: page(() => import('./features/radio/pages/ChannelEditorPage')),
  Analytics: page(() => import('./features/analytics/pages/AnalyticsPage')),
  TrackAnalytics: page(() => import('./features/analytics/pages/TrackAnalyticsPage')),
  ListenerDashboard: page(() => import('./features/library/pages/ListenerDashboardPage')),
  Playlist: page(() => import('./features/playlists/pages/PlaylistPage')),
  Album: page(() => import('./features/albums/pages/AlbumPage')),
  Feed: page(() => import('./features/feed/pages/FeedPage')),
  Room: page(() => import('./features/rooms/pages/RoomPage')),
  AffiliateDashboard: page(() => import('./features/affiliates/pages/AffiliateDashboardPage')),
  AdvertiserDashboard: page(() => import('./features/ads/pages/AdvertiserDashboardPage')),
  Admin: page(() => import('./features/admin/pages/AdminPage')),
  MyRemovals: page(() => import('./features/moderation/pages/MyRemovalsPage')),
  Support: page(() => import('./features/support/pages/SupportPage')),
  HelpCenter: page(() => import('./features/support/pages/HelpCenterPage')),
  HelpArticle: page(() => import('./features/support/pages/HelpArticlePage')),
  Faq: page(() => import('./features/support/pages/FaqPage')),
  Contact: page(() => import('./features/support/pages/ContactPage')),
  Guidelines: page(() => import('./features/support/pages/GuidelinesPage')),
  Legal: page(() => import('./features/legal/pages/LegalPage')),
  Terms: page(() => import('./features/legal/pages/TermsPage')),
  Privacy: page(() => import('./features/legal/pages/PrivacyPage')),
  Cookies: page(() => import('./features/legal/pages/CookiesPage')),
  Copyright: page(() => import('./features/legal/pages/CopyrightPage')),
  Login: page(() => import('./features/auth/pages/LoginPage')),
  Signup: page(() => import('./features/auth/pages/SignupPage')),
  ForgotPassword: page(() => import('./features/auth/pages/ForgotPasswordPage')),
  ResetPassword: page(() => import('./features/auth/pages/ResetPasswordPage')),
  NotFound: page(() => import('./pages/NotFoundPage')),
};

/** The page component of a route's element made by `el` (what `preloadPage` loads). */
const pageOf = new WeakMap<object, ComponentType>();

/** A page in the main layout; on a server-rendered first view it also ends the view's inert state. */
const el = (C: ComponentType) => {
  const element = (
    <>
      <C />
      <FirstViewTakenOver />
    </>
  );
  pageOf.set(element, C);
  return element;
};
const auth = (C: ComponentType) => (
  <RequireAuth>
    <C />
  </RequireAuth>
);
const role = (r: Parameters<typeof RequireRole>[0]['roles'], C: ComponentType) => (
  <RequireRole roles={r}>
    <C />
  </RequireRole>
);
const guest = (C: ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <RedirectIfSignedIn>
      <C />
    </RedirectIfSignedIn>
  </Suspense>
);

/** A page outside the main layout (its own Suspense boundary). */
const standalone = (C: ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <C />
  </Suspense>
);

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  { path: '/login', element: guest(P.Login) },
  { path: '/signup', element: guest(P.Signup) },
  { path: '/forgot-password', element: standalone(P.ForgotPassword) },
  { path: '/reset-password', element: standalone(P.ResetPassword) },
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: el(P.Home) },
      { path: '/about', element: el(P.About) },
      { path: '/how-it-works', element: el(P.HowItWorks) },
      { path: '/how-it-works/stream-hosts', element: el(P.StreamHosts) },
      { path: '/how-it-works/listeners', element: el(P.Listeners) },
      { path: '/how-it-works/affiliates', element: el(P.Affiliates) },
      { path: '/how-it-works/advertisers', element: el(P.Advertisers) },
      { path: '/explore', element: el(P.Explore) },
      { path: '/explore/live', element: el(P.LiveStreams) },
      { path: '/explore/player/:id', element: el(P.AudioDetail) },
      { path: '/explore/categories', element: el(P.Categories) },
      { path: '/explore/search', element: el(P.Search) },
      { path: '/search', element: el(P.Search) },
      { path: '/audio/:id', element: el(P.AudioDetail) },
      { path: '/playlist/:id', element: el(P.Playlist) },
      { path: '/album/:id', element: el(P.Album) },
      { path: '/feed', element: auth(P.Feed) },
      { path: '/live/:id', element: el(P.LiveView) },
      { path: '/radio/:id', element: el(P.RadioChannel) },
      { path: '/rooms/:id', element: el(P.Room) },
      { path: '/profile', element: auth(P.Profile) },
      { path: '/profile/listener/:id', element: el(P.ListenerProfile) },
      { path: '/profile/affiliate/:id', element: auth(P.AffiliateProfile) },
      { path: '/profile/advertiser/:id', element: auth(P.AdvertiserProfile) },
      { path: '/profile/:id', element: el(P.CreatorProfile) },
      { path: '/settings', element: auth(P.Settings) },
      { path: '/pricing', element: el(P.Pricing) },
      { path: '/family/join', element: el(P.FamilyJoin) },
      { path: '/creator/dashboard', element: role(['creator'], P.CreatorDashboard) },
      { path: '/creator/earnings', element: role(['creator'], P.CreatorEarnings) },
      { path: '/creator/upload', element: role(['creator'], P.Upload) },
      { path: '/creator/live', element: role(['creator'], P.GoLive) },
      { path: '/creator/radio', element: role(['creator'], P.CreatorRadio) },
      { path: '/creator/radio/:id', element: role(['creator'], P.ChannelEditor) },
      { path: '/creator/analytics', element: role(['creator'], P.Analytics) },
      { path: '/creator/analytics/track/:id', element: role(['creator'], P.TrackAnalytics) },
      { path: '/creator/settings', element: role(['creator'], P.Settings) },
      // Every signed-in account has a library (the spec's listener-only table left out affiliates and
      // advertisers, who listen too); signed-out visitors go to /login like Profile.
      { path: '/dashboard/listener/*', element: auth(P.ListenerDashboard) },
      { path: '/dashboard/affiliate/*', element: role(['affiliate'], P.AffiliateDashboard) },
      { path: '/dashboard/advertiser/*', element: role(['advertiser'], P.AdvertiserDashboard) },
      { path: '/admin/*', element: role(['admin'], P.Admin) },
      { path: '/moderation', element: auth(P.MyRemovals) },
      { path: '/support', element: el(P.Support) },
      { path: '/support/help', element: el(P.HelpCenter) },
      { path: '/support/help/:slug', element: el(P.HelpArticle) },
      { path: '/support/faq', element: el(P.Faq) },
      { path: '/support/contact', element: el(P.Contact) },
      { path: '/support/guidelines', element: el(P.Guidelines) },
      { path: '/legal', element: el(P.Legal) },
      { path: '/legal/terms', element: el(P.Terms) },
      { path: '/legal/privacy', element: el(P.Privacy) },
      { path: '/legal/cookies', element: el(P.Cookies) },
      { path: '/legal/copyright', element: el(P.Copyright) },
      { path: '*', element: el(P.NotFound) },
    ],
  },
];

/** The browser's router: every route under NavigationRoot (scroll restoration, focus on the new page's heading). */
export const createRouter = () =>
  noteNavigationStarts(createBrowserRouter([{ element: <NavigationRoot />, children: routes }]));

/** Loads the page module a path renders (directly, not behind a guard); false when there is none. */
export async function preloadPage(pathname: string): Promise<boolean> {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  const load = leaf && preloaders.get(pageOf.get(leaf.route.element as object));
  if (load) await load();
  return !!load;
}

import { createElement } from 'react';
import { Placeholder } from './Placeholder';

const placeholder = (title: string) => () => createElement(Placeholder, { title });

// Pages still to be built by their feature issues: each shows its heading until then.
export const AffiliateProfilePage = placeholder('Affiliate Dashboard');
export const AdvertiserProfilePage = placeholder('Advertiser Dashboard');
export const AnalyticsPage = placeholder('Analytics');
export const AffiliateDashboardPage = placeholder('Affiliate Dashboard');
export const AdvertiserDashboardPage = placeholder('Advertiser Dashboard');

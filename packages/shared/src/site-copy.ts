/**
 * The support and about pages' figures from the spec. A module of their own, so the pages that show
 * them carry them, not every page that reads a constant (Home's script budget).
 */
export const SUPPORT_HOURS = [
  { days: 'Monday - Friday', hours: '9:00 AM - 8:00 PM EST' },
  { days: 'Saturday', hours: '10:00 AM - 6:00 PM EST' },
  { days: 'Sunday', hours: '12:00 PM - 5:00 PM EST' },
] as const;
export const SUPPORT_RESPONSE_TIMES = {
  email: 'Within 24 hours',
  phone: '24/7',
  liveChat: 'Average wait 2 minutes',
} as const;

export const ABOUT_STATS = [
  { value: '1M+', label: 'Active Users' },
  { value: '500K+', label: 'Audio Content' },
  { value: '10K+', label: 'Live Streams' },
  { value: '100+', label: 'Countries' },
] as const;

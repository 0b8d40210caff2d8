import type { ComponentType } from 'react';
import { AdvertisersAdmin } from '../ads/components/AdvertisersAdmin';
import { DistributionAdmin } from '../earnings/components/DistributionAdmin';
import { ReportsAdmin } from '../moderation/components/ReportsAdmin';
import { ContactMessagesAdmin } from '../support/components/ContactMessagesAdmin';
import { ApprovalsAdmin } from './approvals';
import { AuditAdmin } from './components/AuditAdmin';
import { MailOutboxAdmin } from './components/MailOutboxAdmin';
import { OverviewAdmin } from './components/OverviewAdmin';
import { UsersAdmin } from './components/UsersAdmin';

export interface AdminTab {
  id: string;
  label: string;
  Component: ComponentType;
}

/** The admin area's tabs; each feature that has something for admins adds one entry here. */
export const adminTabs: AdminTab[] = [
  { id: 'overview', label: 'Overview', Component: OverviewAdmin },
  { id: 'users', label: 'Users', Component: UsersAdmin },
  { id: 'reports', label: 'Reports', Component: ReportsAdmin },
  { id: 'approvals', label: 'Approvals', Component: ApprovalsAdmin },
  { id: 'advertisers', label: 'Advertisers', Component: AdvertisersAdmin },
  { id: 'earnings', label: 'Earnings', Component: DistributionAdmin },
  { id: 'messages', label: 'Messages', Component: ContactMessagesAdmin },
  { id: 'mail', label: 'Mail outbox', Component: MailOutboxAdmin },
  { id: 'audit', label: 'Audit log', Component: AuditAdmin },
];

import { PRICING_FAQ } from '@wavecast/shared';
import type { HelpArticle } from './types';

const category = 'account' as const;

export const account: HelpArticle[] = [
  {
    slug: 'editing-your-profile',
    category,
    title: 'Editing your profile',
    summary: 'Change your avatar, display name, bio and website.',
    body: [
      {
        steps: [
          'Open the avatar menu and choose Settings.',
          'On the Profile tab, upload an avatar and edit your display name, bio and website.',
          'Select Save Changes.',
        ],
      },
      'Your email address is shown but cannot be changed there. Without an avatar, your profile shows the first letter of your display name.',
    ],
  },
  {
    slug: 'changing-your-password',
    category,
    title: 'Changing your password',
    summary: 'Set a new password while signed in.',
    body: [
      'Go to Settings → Security. Enter your current password, then your new password twice. The new password must be at least 6 characters and the two entries must match.',
      'After the change, your other devices are signed out.',
    ],
  },
  {
    slug: 'resetting-a-forgotten-password',
    category,
    popular: true,
    title: 'Resetting a forgotten password',
    summary: 'Get back into your account by email.',
    body: [
      {
        steps: [
          'On the Log in page, select Forgot password.',
          'Enter the email address of your account and send the form.',
          'Open the email we send you and follow the link.',
          'Enter a new password twice and save it. You can then log in with it.',
        ],
      },
      'The link works once and expires after a while. No email? Check your spam folder, make sure you typed the address you signed up with, or use Try another email.',
    ],
  },
  {
    slug: 'notification-settings',
    category,
    title: 'Choosing your notifications',
    summary: 'Decide what we tell you about, and how.',
    body: [
      'In Settings → Notifications, switch on or off: email notifications, new followers, new comments, the weekly digest email, push notifications and live stream alerts.',
      'Select Save Preferences. Your choices apply straight away — for example, turning off live stream alerts stops notifications when creators you follow go live.',
    ],
  },
  {
    slug: 'deleting-your-account',
    category,
    title: 'Deleting your account',
    summary: 'Permanently remove your account and personal data.',
    body: [
      'Go to Settings → Security and select Delete Account in the Danger Zone. You will be asked to confirm with your password (or, for an account made with a sign-in provider, to type your email within 15 minutes of signing in), because this cannot be undone.',
      'Deleting ends all your sessions and removes your profile and personal data, including your uploads, playlists, likes and follows. See our Privacy Policy for details.',
    ],
  },
  {
    slug: 'plans-and-pricing',
    category,
    title: 'Plans and pricing',
    summary: 'Free and paid plans for creators and listeners.',
    body: [
      'Listening and creating are free. Paid creator plans add unlimited streaming and HD audio; paid listener plans remove ads, and the Family Plan covers several accounts.',
      'Current prices, affiliate tiers and advertising rates are on the Pricing page.',
    ],
  },
  {
    slug: 'free-trial',
    category,
    title: 'Free trial',
    summary: 'Try a paid plan before you pay.',
    body: [
      PRICING_FAQ[1].answer,
      'If you do not continue after the trial, your account simply stays on the free plan.',
    ],
  },
  {
    slug: 'payment-methods',
    category,
    title: 'Payment methods',
    summary: 'How you can pay.',
    body: [PRICING_FAQ[2].answer, PRICING_FAQ[3].answer],
  },
  {
    slug: 'changing-or-cancelling-your-plan',
    category,
    title: 'Changing or cancelling your plan',
    summary: 'Upgrade, downgrade or cancel.',
    body: [
      PRICING_FAQ[0].answer,
      'To change or cancel, send us a message through the contact form with the category Billing & Payments and we will take care of it.',
    ],
  },
  {
    slug: 'affiliate-referral-link',
    category,
    title: 'Your affiliate referral link',
    summary: 'Find, copy and share your link.',
    body: [
      'Affiliates have a personal referral link of the form /ref/ followed by their user ID. Open your affiliate dashboard and select Copy Referral Link to copy it.',
      'People who sign up through your link are counted as your referrals; your dashboard shows total and active referrals and your earnings.',
    ],
  },
];

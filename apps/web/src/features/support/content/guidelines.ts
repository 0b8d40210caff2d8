export interface GuidelineGroup {
  id: string;
  title: string;
  intro: string;
  allowed: string[];
  forbidden: string[];
}

/** Community guidelines: allowed and forbidden rules in three groups. */
export const GUIDELINE_GROUPS: GuidelineGroup[] = [
  {
    id: 'content',
    title: 'Content you upload',
    intro: 'Tracks, podcasts, audiobooks, covers and descriptions.',
    allowed: [
      'Original music, podcasts, audiobooks and lessons you created',
      'Work you have a licence or written permission to publish',
      'Covers and remixes when you hold the necessary rights',
      'Mature themes that are clearly described in the title or description',
      'Accurate titles, tags and categories',
    ],
    forbidden: [
      'Copyrighted audio you do not have the rights to',
      'Hate speech or content that attacks people for who they are',
      'Sexual content involving minors, in any form',
      'Content promoting violence, terrorism or self-harm',
      'Misleading titles, tags or spam uploads meant to game search',
    ],
  },
  {
    id: 'community',
    title: 'Comments, chat and profiles',
    intro: 'How we treat each other.',
    allowed: [
      'Honest, constructive feedback',
      'Respectful debate and disagreement',
      'Sharing and recommending creators you love',
      'Reporting content that breaks these guidelines',
    ],
    forbidden: [
      'Harassment, bullying, threats or targeted insults',
      'Sharing someone’s private information (doxxing)',
      'Impersonating another person, creator or brand',
      'Spam, scams and repeated unsolicited promotion',
      'Buying or faking plays, likes or followers',
    ],
  },
  {
    id: 'live',
    title: 'Live streaming',
    intro: 'Extra rules while you are on air.',
    allowed: [
      'Live shows, DJ sets of music you are licensed to play, talks and Q&As',
      'Guests who have agreed to be on your stream',
      'Moderating your chat: deleting messages and muting users',
    ],
    forbidden: [
      'Rebroadcasting radio, TV, concerts or other streams you do not own',
      'Dangerous or illegal acts, or encouraging them',
      'Recording or broadcasting people without their consent',
      'Using bots or tricks to inflate viewer counts',
    ],
  },
];

/** What happens when the guidelines are broken, from least to most severe. */
export const VIOLATION_LEVELS = [
  {
    level: 'Minor',
    examples: 'Misleading tags, mild spam, off-topic promotion.',
    consequence: 'A warning, and the content is edited or removed.',
  },
  {
    level: 'Moderate',
    examples: 'Repeated minor violations, insults, uploading content without rights.',
    consequence: 'Content removed and uploading, streaming or chatting restricted for 7 days.',
  },
  {
    level: 'Severe',
    examples: 'Harassment, hate speech, repeated copyright infringement.',
    consequence: 'Account suspended for 30 days; repeat infringers lose their account.',
  },
  {
    level: 'Critical',
    examples: 'Threats of violence, content sexualising minors, illegal activity.',
    consequence: 'Permanent ban, and a report to the authorities where the law requires it.',
  },
] as const;

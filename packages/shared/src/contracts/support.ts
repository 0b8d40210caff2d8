import { z } from 'zod';
import { CONTACT_CATEGORIES } from '../constants';

/** Messages of the contact form: the spec names the fields as required; these are our words. */
export const CONTACT_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  subjectRequired: 'Subject is required',
  categoryRequired: 'Please select a category',
  messageRequired: 'Message is required',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const M = CONTACT_FORM_MESSAGES;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string, field: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: M.tooLong(field, max) });

/** Name and subject end up in mail headers: keep them on one line. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ');

/** POST /api/support/contact: what a visitor sends. Unknown fields are dropped. */
export const ZContactMessageInput = z.object({
  name: required(M.nameRequired, 'Name', CONTACT_LIMITS.name).transform(oneLine),
  email: required(M.emailRequired, 'Email', CONTACT_LIMITS.email).regex(EMAIL_PATTERN, { error: M.emailInvalid }),
  subject: required(M.subjectRequired, 'Subject', CONTACT_LIMITS.subject).transform(oneLine),
  category: z.enum(CONTACT_CATEGORIES, { error: M.categoryRequired }),
  message: required(M.messageRequired, 'Message', CONTACT_LIMITS.message),
});
export type TContactMessageInput = z.infer<typeof ZContactMessageInput>;

/** What the sender gets back: the confirmation the page shows. */
export const ZContactReceipt = z.object({
  id: z.string(),
  createdAt: z.string(),
  confirmation: z.string(),
});
export type TContactReceipt = z.infer<typeof ZContactReceipt>;

export const ZContactStatus = z.enum(['open', 'resolved']);

/** A stored message as admins see it. */
export const ZContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(CONTACT_CATEGORIES),
  message: z.string(),
  /** The sender's account when they were signed in. */
  userId: z.string().nullable(),
  /** From an account with priority support (the Pro plan): answered first. */
  priority: z.boolean(),
  status: ZContactStatus,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/** GET /api/admin/contact-messages: priority first, then newest; `status` all, open or resolved. */
export const ZContactMessageListQuery = z.object({
  status: z.enum(['all', 'open', 'resolved']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TContactMessageListQuery = z.infer<typeof ZContactMessageListQuery>;

export const ZContactMessageList = z.object({
  items: z.array(ZContactMessage),
  total: z.number().int(),
  /** Offset of the next page, or null at the end. */
  nextOffset: z.number().int().nullable(),
});
export type TContactMessageList = z.infer<typeof ZContactMessageList>;

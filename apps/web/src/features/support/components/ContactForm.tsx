import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_CATEGORIES,
  CONTACT_CATEGORY_LABELS,
  CONTACT_LIMITS,
  type ContactCategory,
  type TContactMessageInput,
  type TContactReceipt,
  ZContactMessageInput,
} from '@wavecast/shared';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../auth/session';
import { useSubmitContactMessage } from '../queries';
import { FormField, inputClass } from './FormField';

type Field = keyof TContactMessageInput;
type Values = Record<Field, string>;

function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === 'RATE_LIMITED') {
    return 'You have sent several messages in a short time. Please wait a few minutes and try again.';
  }
  if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') return err.message;
  if (err instanceof ApiError && err.code === 'NETWORK') return err.message;
  return 'Your message could not be sent. Please try again.';
}

/** The contact form: every field required, checked here and again by the server. */
export function ContactForm({
  initialCategory,
  initialSubject = '',
  initialMessage = '',
}: {
  initialCategory?: ContactCategory;
  initialSubject?: string;
  initialMessage?: string;
}) {
  const { user } = useSession();
  // The shared contract validates with the spec's messages; after a first attempt errors clear as
  // they are fixed, and a failed attempt focuses the first field in error.
  const {
    register,
    handleSubmit,
    watch,
    reset,
    getValues,
    formState: { errors: fieldErrors },
  } = useForm<Values, unknown, TContactMessageInput>({
    resolver: zodResolver(ZContactMessageInput) as never,
    defaultValues: {
      name: user?.displayName ?? '',
      email: user?.email ?? '',
      subject: initialSubject,
      category: initialCategory ?? '',
      message: initialMessage,
    },
    reValidateMode: 'onChange',
  });
  const errors: Partial<Record<Field, string>> = Object.fromEntries(
    Object.entries(fieldErrors).map(([k, v]) => [k, v?.message]),
  );
  const message = watch('message');
  const [receipt, setReceipt] = useState<TContactReceipt | null>(null);
  const submit = useSubmitContactMessage();

  const onSubmit = handleSubmit((data) => submit.mutate(data, { onSuccess: setReceipt }));

  if (receipt) {
    return (
      <div role="status" className="rounded-[var(--radius-card)] border border-success/40 bg-success/10 p-6">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 className="size-6 text-success" aria-hidden />
          Message sent
        </p>
        <p className="mt-2 text-muted">{receipt.confirmation}</p>
        <Button
          variant="outline"
          className="mt-5"
          onClick={() => {
            setReceipt(null);
            reset({ ...getValues(), subject: '', message: '' });
            submit.reset();
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('name')}
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email}>
          {(a11y) => (
            <input
              {...a11y}
              type="email"
              {...register('email')}
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              className={inputClass}
            />
          )}
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" error={errors.subject}>
        {(a11y) => (
          <input {...a11y} {...register('subject')} maxLength={CONTACT_LIMITS.subject} className={inputClass} />
        )}
      </FormField>
      <FormField id="contact-category" label="Category" error={errors.category}>
        {(a11y) => (
          <select {...a11y} {...register('category')} className={inputClass}>
            <option value="">Select a category</option>
            {CONTACT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CONTACT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="contact-message"
        label="Message"
        error={errors.message}
        hint={`${message.length} / ${CONTACT_LIMITS.message} characters`}
      >
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('message')}
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            className={inputClass}
          />
        )}
      </FormField>
      {submit.isError && (
        <p role="alert" className="rounded-lg border border-error/40 bg-error/10 px-4 py-3 text-sm text-error">
          {failureMessage(submit.error)}
        </p>
      )}
      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto">
        {submit.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

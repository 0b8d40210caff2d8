import { BILLING_MESSAGES, changePreviewText, formatPlanPrice, PLANS, type PlanId } from '@wavecast/shared';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { cn } from '../../../lib/cn';
import { planActionLabel } from '../lib/planAction';
import { useChoosePlan } from '../useChoosePlan';

/** "Creator plans are for creators. Become a creator in Settings first.", with Settings linked. */
export function CreatorPlansNote({ className }: { className?: string }) {
  const [before, after] = BILLING_MESSAGES.creatorPlanNeedsCreator.split('Settings');
  return (
    <p className={cn('text-sm text-muted', className)}>
      {before}
      <Link to="/settings" className="font-medium text-primary underline-offset-2 hover:underline">
        Settings
      </Link>
      {after}
    </p>
  );
}

/**
 * A pricing card's button: what it says and does follows the visitor (signed out: the sign-up link
 * the page always had; then trial, checkout, change plan or current plan).
 */
export function PlanButton({
  planId,
  signupLabel,
  primary,
  className = 'mt-6',
}: {
  planId: PlanId;
  signupLabel: string;
  primary?: boolean;
  className?: string;
}) {
  const flow = useChoosePlan(planId);
  const { action } = flow;
  const variant = primary ? 'primary' : 'outline';
  const label = planActionLabel(action, signupLabel);
  const plan = PLANS[planId];

  if (action.kind === 'signup')
    return (
      <ButtonLink to="/signup" variant={variant} className={cn(className, 'w-full')}>
        {label}
      </ButtonLink>
    );
  if (action.kind === 'wrong-audience')
    return (
      <div className={className}>
        <ButtonLink to="/settings" variant="outline" className="w-full">
          {label}
        </ButtonLink>
        <CreatorPlansNote className="mt-2 text-center" />
      </div>
    );
  const inert = action.kind === 'current' || action.kind === 'included' || action.kind === 'unavailable';
  return (
    <div className={className}>
      <Button
        variant={inert ? 'secondary' : variant}
        className="w-full"
        disabled={inert || flow.pending}
        onClick={flow.choose}
        aria-label={inert ? `${plan.name}: ${label}` : undefined}
      >
        {flow.pending ? 'Working...' : label}
      </Button>
      {action.kind === 'unavailable' && <p className="mt-2 text-center text-sm text-muted">{action.reason}</p>}
      {flow.cardTrial && (
        <Button
          variant="ghost"
          className="mt-2 w-full text-sm"
          disabled={flow.pending}
          onClick={flow.startCardTrial}
          aria-label={`${plan.name}: start the free trial with a card`}
        >
          Start trial with a card
        </Button>
      )}
      <ConfirmDialog
        cancelLabel="Keep as is"
        open={flow.confirming}
        title={`Change to ${plan.name}?`}
        description={
          <>
            {`Your plan changes to ${plan.name} (${formatPlanPrice(plan.priceCents)}/month) right away.`}{' '}
            <span data-testid="change-preview">
              {flow.previewCents !== null
                ? changePreviewText(flow.previewCents)
                : flow.previewFailed
                  ? ''
                  : 'Working out the price...'}
            </span>
          </>
        }
        confirmLabel="Change plan"
        pendingLabel="Changing..."
        pending={flow.changing}
        onConfirm={flow.confirmChange}
        onClose={flow.cancelChange}
      />
    </div>
  );
}

import { Button } from '../../../components/ui/Button';
import { useChoosePlan } from '../useChoosePlan';

/** The Upgrade card's button: the pricing page's Premium flow (its own chunk: only free accounts load it). */
export default function GetPremiumButton() {
  const flow = useChoosePlan('premium', { load: false });
  return (
    <Button size="sm" className="mt-3 w-full" onClick={flow.choose} disabled={flow.pending}>
      {flow.pending ? 'Working...' : 'Get Premium'}
    </Button>
  );
}

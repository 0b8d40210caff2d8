import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * The design system's menu, on Radix's dropdown menu (DESIGN §3, §11): arrows (wrapping), Home/End
 * and type-ahead move between items, Enter/Space choose, Escape closes and focus returns to the
 * trigger. Non-modal, as our menus always were: the page stays usable and a click outside closes.
 */
export const Menu = ({ children, ...props }: ComponentProps<typeof DropdownMenu.Root>) => (
  <DropdownMenu.Root modal={false} {...props}>
    {children}
  </DropdownMenu.Root>
);

export const MenuTrigger = DropdownMenu.Trigger;

export function MenuContent({ className, children, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        loop
        sideOffset={8}
        collisionPadding={8}
        className={cn('z-50 rounded-card border border-border bg-surface shadow-2xl focus:outline-none', className)}
        {...props}
        // Radix names the menu by its trigger; an explicit aria-label ("More actions") wins.
        {...(props['aria-label'] ? { 'aria-labelledby': undefined } : {})}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export const menuItemClass =
  'flex w-full cursor-default items-center gap-3 text-left text-sm text-fg outline-none select-none data-[highlighted]:bg-surface-2 data-[disabled]:opacity-50';

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={cn(menuItemClass, 'rounded-md px-3 py-2', className)} {...props} />;
}

export function MenuSeparator({ className }: { className?: string }) {
  return <DropdownMenu.Separator className={cn('my-1 border-t border-border', className)} />;
}

export function MenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <DropdownMenu.Label className={className}>{children}</DropdownMenu.Label>;
}

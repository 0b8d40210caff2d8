/** Numbered "how to start" steps. */
export function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((s, i) => (
        <li key={s.title} className="rounded-[var(--radius-card)] border border-border bg-surface p-5">
          <span className="grid size-8 place-items-center rounded-full bg-primary-strong text-sm font-bold text-primary-fg">
            {i + 1}
          </span>
          <h3 className="mt-3 font-semibold">{s.title}</h3>
          <p className="mt-1 text-sm text-muted">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Questions as disclosure widgets: open and close without JavaScript, announced as expandable. */
export function FaqList({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.q} className="faq__item">
          <summary className="faq__question">{item.q}</summary>
          <p className="faq__answer">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

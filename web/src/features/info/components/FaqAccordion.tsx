/** The FAQ's 20 questions: one open at a time, collapsible, keyboard operable. An island of /faq (ui/Island.tsx). */
import * as Accordion from '@radix-ui/react-accordion';
import { FAQ } from '../content/faq';

export function FaqAccordion() {
  return (
    <Accordion.Root type="single" collapsible className="faq-list">
      {FAQ.map((item) => (
        <Accordion.Item key={item.id} value={item.id} className="faq-item">
          <Accordion.Header asChild>
            <h2 className="faq-question">
              <Accordion.Trigger className="faq-trigger">
                <span>{item.question}</span>
                <svg className="faq-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="faq-answer">
            {item.answer.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}

import { answerBlocks, type AnswerPart } from './agents-rules'

function Parts({ parts }: { parts: AnswerPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.bold ? <strong key={i}>{p.text}</strong> : <span key={i}>{p.text}</span>,
      )}
    </>
  )
}

/** A partner's answer (markdown) rendered as elements: paragraphs, lists and bold. */
export function AnswerText({ text }: { text: string }) {
  return (
    <div className="answer-text">
      {answerBlocks(text).map((block, i) =>
        block.kind === 'p' ? (
          <p key={i}>
            <Parts parts={block.parts} />
          </p>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Parts parts={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  )
}

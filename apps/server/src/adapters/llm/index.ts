import { z } from 'zod'

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** A chat-completion model; throws on any failure so the caller can fall back. */
export interface LlmClient {
  /** `json`: the answer must be one JSON object (a classification, not prose). */
  complete(messages: LlmMessage[], opts?: { json?: boolean }): Promise<string>
}

const CompletionResponse = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
})

export interface OpenAiCompatibleOptions {
  baseUrl: string
  model: string
  apiKey: string | undefined
  timeoutMs: number
  maxTokens?: number
}

/** Any server that speaks OpenAI's Chat Completions API (OpenAI, vLLM, Ollama, LiteLLM…). */
export function createOpenAiCompatibleClient(opts: OpenAiCompatibleOptions): LlmClient {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`
  return {
    async complete(messages, { json = false } = {}) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: opts.model,
          messages,
          // A classification should come out the same every time; a reply may vary.
          temperature: json ? 0 : 0.7,
          max_tokens: json ? 200 : (opts.maxTokens ?? 700),
          ...(json ? { response_format: { type: 'json_object' } } : {}),
        }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      })
      if (!res.ok) throw new Error(`LLM answered ${res.status}`)
      const body = CompletionResponse.parse(await res.json())
      const content = body.choices[0]?.message.content?.trim()
      if (!content) throw new Error('LLM returned an empty completion')
      return content
    },
  }
}

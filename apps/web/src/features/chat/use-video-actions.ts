import type { ChatAction } from '@areia/contracts/chat'
import {
  PLAYER_LABELS,
  type AwaitingIdentificationList,
  type FrameBox,
} from '@areia/contracts/videos'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { errorCode } from '../../lib/api-error'
import { deleteVideo, fetchAwaitingIdentification, identifyPlayer } from '../../lib/videos-api'
import { useAlert } from '../../ui/alert-dialog'
import type { ChatMessage, ChatState } from './chat-state'

export const CANCEL_VIDEO_FAILED = 'Erro ao cancelar o vídeo.'
export const IDENTIFY_FAILED = 'Erro ao registrar jogador.'
/** The server's own wording of the identification request (videos/messages.ts). */
export const IDENTIFY_PROMPT =
  'Para analisarmos o jogo do jeito certo: qual jogador é você? Conte a partir de quem dá o primeiro toque na bola.'

type ActionType = ChatAction['type']

/** A number, a numeric string or an object holding videoId or id; anything else: null. */
export function videoIdOf(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : null
  if (typeof raw === 'string') return /^\d{1,15}$/.test(raw.trim()) ? videoIdOf(Number(raw)) : null
  if (raw && typeof raw === 'object') {
    const held = raw as { videoId?: unknown; id?: unknown }
    return videoIdOf(held.videoId ?? held.id)
  }
  return null
}

export const actionKey = (action: ChatAction) =>
  `${action.type}:${String(videoIdOf(action.videoId))}`

type Resolved = Record<number, ActionType[] | undefined>

/**
 * What the chat shows of the video chips. Chips of stored messages are only live while their
 * video still awaits identification (the server's list, read on load), so an old receipt does
 * not offer a stale `Cancelar Envio`; a video awaiting identification whose prompt is not among
 * the loaded messages gets one built here (on load, each produces its prompt).
 */
export function decorateMessages(
  messages: ChatMessage[],
  awaiting: AwaitingIdentificationList | null,
  historyCutoff: number | null,
  resolved: Resolved,
): { messages: ChatMessage[]; awaitingIds: number[] } {
  const awaitingIds = new Set(awaiting?.map((v) => v.id) ?? [])
  const prompted = new Set<number>()
  const shown = messages.map((message) => {
    if (message.actions.length === 0) return message
    const stored = message.id !== null && (historyCutoff === null || message.id <= historyCutoff)
    const actions = message.actions.filter((action) => {
      const id = videoIdOf(action.videoId)
      if (id === null || resolved[id]?.includes(action.type)) return false
      if (stored && !awaitingIds.has(id)) return false
      if (action.type === 'identify_player') prompted.add(id)
      return true
    })
    return actions.length === message.actions.length ? message : { ...message, actions }
  })
  const prompts: ChatMessage[] = (awaiting ?? [])
    .filter((v) => !prompted.has(v.id) && !resolved[v.id]?.includes('identify_player'))
    .map((v) => {
      prompted.add(v.id)
      return {
        key: `await-${v.id}`,
        id: null,
        clientId: null,
        sender: 'AI',
        coachId: null,
        name: null,
        archetype: null,
        text: IDENTIFY_PROMPT,
        timestamp: v.upload_timestamp,
        actions: PLAYER_LABELS.map((label) => ({
          type: 'identify_player' as const,
          label,
          value: label,
          videoId: v.id,
        })),
        suggestions: [],
        pending: false,
      }
    })
  return { messages: [...shown, ...prompts], awaitingIds: [...prompted] }
}

/**
 * The chat's video chips: cancel deletes the video, identify
 * registers the player; the server posts the messages that follow (cancelled, thanks, the
 * question about date and result), so nothing is added here and nothing shows twice.
 */
export function useVideoActions(state: ChatState, enabled: boolean) {
  const { messages } = state
  const { showAlert } = useAlert()
  const [awaiting, setAwaiting] = useState<AwaitingIdentificationList | null>(null)
  const [resolved, setResolved] = useState<Resolved>({})
  const [busy, setBusy] = useState<string | null>(null)

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    fetchAwaitingIdentification(controller.signal)
      .then(setAwaiting)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('chat: awaiting identification failed', error)
        setAwaiting([])
      })
    return () => controller.abort()
  }, [enabled])

  // Everything up to the last message of the loaded history is "stored"; later ones are live.
  const cutoff = state.loaded ? state.historyCutoff : null

  const view = useMemo(
    () =>
      enabled
        ? decorateMessages(messages, awaiting, cutoff, resolved)
        : { messages, awaitingIds: [] },
    [enabled, messages, awaiting, cutoff, resolved],
  )

  const resolve = useCallback((videoId: number, types: ActionType[]) => {
    setResolved((current) => ({
      ...current,
      [videoId]: [...(current[videoId] ?? []), ...types],
    }))
  }, [])

  const run = useCallback(
    async (action: ChatAction) => {
      const videoId = videoIdOf(action.videoId)
      if (videoId === null || busy !== null) return
      setBusy(actionKey(action))
      const cancelling = action.type === 'cancel_video'
      try {
        if (cancelling) {
          await deleteVideo(videoId)
          // The video is gone: its identification chips go with the cancel ones.
          resolve(videoId, ['cancel_video', 'identify_player'])
        } else {
          await identifyPlayer(videoId, action.value ?? action.label)
          resolve(videoId, ['identify_player'])
        }
      } catch (error) {
        // A video already gone or identified elsewhere makes the chip stale.
        const code = errorCode(error)
        if (code === 'not_found') resolve(videoId, ['cancel_video', 'identify_player'])
        else if (code === 'not_awaiting_identification' && !cancelling)
          resolve(videoId, ['identify_player'])
        await showAlert(cancelling ? CANCEL_VIDEO_FAILED : IDENTIFY_FAILED, 'Aviso')
      } finally {
        setBusy(null)
      }
    },
    [busy, resolve, showAlert],
  )
  const onAction = useCallback((action: ChatAction) => void run(action), [run])

  // A tap on the identification picture: that person's number there and the box tapped.
  const onPick = useCallback(
    (videoId: number, number: number, box: FrameBox) => {
      if (busy !== null) return
      setBusy(`identify_player:${videoId}`)
      identifyPlayer(videoId, String(number), box)
        .then(() => resolve(videoId, ['identify_player']))
        .catch(async (error: unknown) => {
          const code = errorCode(error)
          if (code === 'not_found') resolve(videoId, ['cancel_video', 'identify_player'])
          else if (code === 'not_awaiting_identification') resolve(videoId, ['identify_player'])
          await showAlert(IDENTIFY_FAILED, 'Aviso')
        })
        .finally(() => setBusy(null))
    },
    [busy, resolve, showAlert],
  )

  const awaitingIdentification = view.awaitingIds.length > 0
  // The input waits for the answer until the player says they will answer
  // later; the question and its chips stay in the conversation either way.
  const [later, setLater] = useState(false)
  const answerLater = useCallback(() => setLater(true), [])

  return {
    messages: view.messages,
    awaitingIdentification,
    /** The input is held for the identification (not after "Responder depois"). */
    holdsInput: awaitingIdentification && !later,
    answerLater,
    busyAction: busy,
    onAction,
    onPick,
  }
}

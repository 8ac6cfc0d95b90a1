import { afterEach, describe, expect, it, vi } from 'vitest'
import { dropEarly, startEarly, takeEarly } from './early-requests'

afterEach(dropEarly)

describe('early requests', () => {
  it('hands the started request to the first taker only', async () => {
    const request = vi.fn().mockResolvedValueOnce('early').mockResolvedValueOnce('fresh')
    startEarly('history', request)
    startEarly('history', request)
    expect(request).toHaveBeenCalledTimes(1)
    await expect(takeEarly('history', request)).resolves.toBe('early')
    await expect(takeEarly('history', request)).resolves.toBe('fresh')
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('passes a failure to the taker and none to nobody', async () => {
    startEarly('status', () => Promise.reject(new Error('offline')))
    await expect(takeEarly('status', () => Promise.resolve('fresh'))).rejects.toThrow('offline')
    startEarly('status', () => Promise.reject(new Error('never taken')))
    dropEarly()
    await expect(takeEarly('status', () => Promise.resolve('fresh'))).resolves.toBe('fresh')
  })
})

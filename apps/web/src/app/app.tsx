import { useState } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { ApiError } from '../lib/api-error'
import { AuthProvider } from '../lib/auth/auth-provider'
import { AlertProvider } from '../ui/alert-dialog'
import { ToastProvider } from '../ui/toast'
import { createAppRouter } from './router'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a network blip or 5xx gets one more try.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  })
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createAppRouter)
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AlertProvider>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </AlertProvider>
      </ToastProvider>
    </QueryClientProvider>
  )
}

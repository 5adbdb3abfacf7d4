import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { AuthPanel } from './auth-layout'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

type Tab = 'login' | 'register'

const HEADINGS: Record<Tab, { title: string; description: string }> = {
  login: { title: 'Welcome back', description: 'Log in with your username or email to continue.' },
  register: {
    title: 'Create your account',
    description: 'Join Vouched and let your colleagues vouch for your skills.',
  },
}

/** The Login and Register tabs of /auth. `?tab=register` opens the Register tab. */
export function AuthCard() {
  const [searchParams] = useSearchParams()
  const [tab, setTab] = useState<Tab>(searchParams.get('tab') === 'register' ? 'register' : 'login')
  const [loginPrefill, setLoginPrefill] = useState('')
  const heading = HEADINGS[tab]

  return (
    <AuthPanel title={heading.title} description={heading.description}>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="pt-2">
          <LoginForm defaultUsername={loginPrefill} />
        </TabsContent>
        <TabsContent value="register" className="pt-2">
          <RegisterForm
            onAccountExists={(email) => {
              setLoginPrefill(email)
              setTab('login')
            }}
          />
        </TabsContent>
      </Tabs>
    </AuthPanel>
  )
}

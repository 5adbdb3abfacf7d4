import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { AuthPanel } from './auth-layout'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

type Tab = 'login' | 'register'

/** The Login and Register tabs of /auth. `?tab=register` opens the Register tab. */
export function AuthCard() {
  const { t } = useTranslation('auth')
  const [searchParams] = useSearchParams()
  const [tab, setTab] = useState<Tab>(searchParams.get('tab') === 'register' ? 'register' : 'login')
  const [loginPrefill, setLoginPrefill] = useState('')
  return (
    <AuthPanel
      title={tab === 'login' ? t('card.loginTitle') : t('card.registerTitle')}
      description={tab === 'login' ? t('card.loginDescription') : t('card.registerDescription')}
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">{t('card.loginTab')}</TabsTrigger>
          <TabsTrigger value="register">{t('card.registerTab')}</TabsTrigger>
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

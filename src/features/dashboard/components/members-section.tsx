import { Trans, useLingui } from '@lingui/react/macro'
import { useGetClubUsers } from '@/api/generated/query/endpoints/clubs/clubs'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardBody, CardHeader } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadingBlock } from '@/components/ui/loading-block'
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table'
import { InviteMemberForm } from './invite-member-form'

/** Spec §2: the club's members with their club roles, open invitations, and the invite form. */
export const MembersSection = ({ clubId, canInvite }: { clubId: string; canInvite: boolean }) => {
  const { t } = useLingui()
  const members = useGetClubUsers(clubId)
  return (
    <Card aria-labelledby="mitglieder-title" id="mitglieder">
      <CardHeader
        id="mitglieder-title"
        title={t`Mitglieder`}
        description={t`Personen, die den Verein im Portal vertreten.`}
      />
      <CardBody className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {members.isPending ? (
            <LoadingBlock>
              <Trans>Mitglieder werden geladen …</Trans>
            </LoadingBlock>
          ) : members.isError ? (
            <Alert
              tone="error"
              title={t`Die Mitglieder konnten nicht geladen werden.`}
              actions={
                <Button variant="secondary" size="sm" onClick={() => void members.refetch()}>
                  <Trans>Erneut versuchen</Trans>
                </Button>
              }
            />
          ) : members.data.length === 0 ? (
            <EmptyState title={t`Noch keine Mitglieder.`} />
          ) : (
            <Table>
              <caption className="sr-only">{t`Mitglieder und offene Einladungen`}</caption>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>
                    <Trans>Name</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>E-Mail-Adresse</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>Rolle</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>Status</Trans>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.data.map((member) => (
                  <TableRow key={`${member.status}-${member.email}`} data-testid="member-row">
                    <TableCell>
                      {member.status === 'INVITED' ? (
                        <span className="text-slate-500">—</span>
                      ) : (
                        `${member.firstName} ${member.lastName}`
                      )}
                    </TableCell>
                    <TableCell className="break-all">{member.email}</TableCell>
                    <TableCell>{member.clubRoleName}</TableCell>
                    <TableCell>
                      {member.status === 'INVITED' ? (
                        <Badge tone="info">
                          <Trans>Eingeladen</Trans>
                        </Badge>
                      ) : (
                        <Badge tone="success">
                          <Trans>Aktiv</Trans>
                        </Badge>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
        {canInvite && (
          <div className="rounded-md border border-slate-200 bg-slate-50 p-4">
            <InviteMemberForm clubId={clubId} />
          </div>
        )}
      </CardBody>
    </Card>
  )
}

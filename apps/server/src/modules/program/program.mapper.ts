import type { Program } from '@certs/shared/program/program.contract';
import type { ProgramWithManager } from './program.repository';

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function toProgram({ program, manager }: ProgramWithManager): Program {
  return {
    id: program.id,
    programCode: program.programCode,
    programTitle: program.programTitle,
    programType: program.programType,
    programManager: manager ? { id: manager.id, name: fullName(manager), email: manager.email } : null,
    status: program.status,
    remarks: program.remarks,
    numberPatternCheck: program.numberPatternCheck,
    certificateNumPattern: program.certificateNumPattern,
    certificateStartNum: program.certificateStartNum,
    isIIWPublished: program.isIIWPublished,
    publishedOn: program.publishedOn?.toISOString() ?? null,
    programDeclaration: program.programDeclaration,
    programTooltips: program.programTooltips,
    reviewWindowDays: program.reviewWindowDays,
    maxResitsPerModule: program.maxResitsPerModule,
    decisionSeparation: program.decisionSeparation,
    createdOn: program.createdOn.toISOString(),
    modifiedOn: program.modifiedOn.toISOString(),
  };
}

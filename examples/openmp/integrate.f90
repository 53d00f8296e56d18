! A parallel do with a reduction (Fortran): the midpoint rule for the integral of 4 / (1 + x**2) over
! [0, 1], which is pi, with N points; each point's value is also averaged over INNER shifted copies of
! the integrand so that a point is worth some work. !$omp parallel do reduction(+: total) gives each of
! the team's threads a partial sum, added together at the loop's end; iterations cost the same and the
! schedule is static, so the loop scales with the processors up to the team's size.
! Usage: integrate [SIZE]   (SIZE: N, the points, default 20000000; about 3 s on one processor)
program integrate
  use, intrinsic :: iso_fortran_env, only: error_unit
  implicit none
  integer, parameter :: dp = kind(1.0d0), inner = 100
  integer(8) :: n, i
  integer :: j, status
  real(dp) :: h, x, f, total
  character(len=32) :: arg

  n = 20000000_8
  if (command_argument_count() > 1) call usage()
  if (command_argument_count() == 1) then
    call get_command_argument(1, arg)
    read (arg, *, iostat=status) n
    if (status /= 0 .or. n < 1 .or. verify(trim(arg), '0123456789') /= 0) call usage()
  end if
  h = 1.0_dp / n
  total = 0
  !$omp parallel do schedule(static) private(x, f, j) reduction(+: total)
  do i = 1, n
    x = (i - 0.5_dp) * h
    f = 0
    do j = 1, inner
      f = f + 4.0_dp / (1.0_dp + (x + j * 1.0e-9_dp)**2)
    end do
    total = total + f / inner
  end do
  !$omp end parallel do
  print '(a, i0, a, f14.10)', 'integrate ', n, ' points: pi ~ ', total * h

contains

  subroutine usage()
    write (error_unit, '(a)') 'usage: integrate [SIZE]   (SIZE: the points, a positive number; default 20000000)'
    stop 2
  end subroutine usage

end program integrate

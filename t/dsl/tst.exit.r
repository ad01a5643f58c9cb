after exit, same clause
end

